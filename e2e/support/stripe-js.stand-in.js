/*
 * A stand-in for Stripe.js (https://js.stripe.com/…/stripe.js) in browser tests: the part of its API
 * the web app uses — Stripe(key), elements().create('card').mount(), createPaymentMethod,
 * createToken, confirmCardPayment with a 3-D Secure challenge — speaking to the local Stripe server
 * (apps/server/src/modules/payments/testing/fake-stripe-server.ts) the way Stripe.js speaks to
 * api.stripe.com: with the publishable key and the PaymentIntent's client secret.
 *
 * It calls https://api.stripe.com like Stripe.js (the page's Content-Security-Policy allows that
 * origin); the spec routes those calls to the local Stripe server.
 */
;(function () {
  'use strict'
  var config = window.__STRIPE_STAND_IN__ || {}
  var apiBase = config.apiBase || 'https://api.stripe.com'
  var TEST_CARDS = {
    4242424242424242: { pm: 'pm_card_visa', tok: 'tok_visa', brand: 'visa' },
    5555555555554444: { pm: 'pm_card_mastercard', tok: 'tok_mastercard', brand: 'mastercard' },
    4000000000000002: { pm: 'pm_card_chargeDeclined', tok: 'tok_chargeDeclined', brand: 'visa' },
    4000000000000341: { pm: 'pm_card_chargeCustomerFail', tok: 'tok_chargeCustomerFail', brand: 'visa' },
    4000002500003155: {
      pm: 'pm_card_authenticationRequired',
      tok: 'tok_authenticationRequired',
      brand: 'visa',
    },
  }

  function luhn(digits) {
    var sum = 0
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i])
      if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2
      sum += d
    }
    return digits.length >= 12 && sum % 10 === 0
  }

  /** The card field: number, expiry and CVC inputs in the container it is mounted in. */
  function CardElement(options) {
    var handlers = {}
    var inputs = {}
    var self = this // eslint-disable-line @typescript-eslint/no-this-alias -- ES5: the element's methods close over it
    this.options = options || {}
    this.on = function (event, fn) {
      ;(handlers[event] = handlers[event] || []).push(fn)
      return self
    }
    this.off = function (event, fn) {
      handlers[event] = (handlers[event] || []).filter(function (h) {
        return h !== fn
      })
      return self
    }
    function emit(event, payload) {
      ;(handlers[event] || []).slice().forEach(function (fn) {
        fn(payload)
      })
    }
    this.value = function () {
      var exp = (inputs.expiry.value || '').replace(/\s/g, '').split('/')
      return {
        number: (inputs.number.value || '').replace(/\D/g, ''),
        exp_month: Number(exp[0]),
        exp_year: 2000 + (Number(exp[1] || 0) % 100),
        cvc: inputs.cvc.value,
      }
    }
    this.check = function () {
      var v = self.value()
      if (!v.number) return { code: 'incomplete_number', message: 'Your card number is incomplete.' }
      if (!luhn(v.number)) return { code: 'invalid_number', message: 'Your card number is invalid.' }
      if (!(v.exp_month >= 1 && v.exp_month <= 12))
        return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." }
      if (!/^\d{3,4}$/.test(v.cvc))
        return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." }
      return null
    }
    this.mount = function (target) {
      var node = typeof target === 'string' ? document.querySelector(target) : target
      var row = document.createElement('div')
      row.setAttribute('data-stripe-stand-in', 'card')
      row.style.cssText = 'display:flex;gap:8px;color:#e6e9f0;font:15px system-ui'
      ;[
        ['number', 'Card number', '1234 1234 1234 1234', '3'],
        ['expiry', 'Expiration date', 'MM / YY', '1'],
        ['cvc', 'CVC', 'CVC', '1'],
      ].forEach(function (f) {
        var input = document.createElement('input')
        input.setAttribute('aria-label', f[1])
        input.placeholder = f[2]
        input.inputMode = 'numeric'
        input.style.cssText =
          'flex:' + f[3] + ';min-width:0;background:transparent;border:0;outline:0;color:inherit;font:inherit'
        input.addEventListener('input', function () {
          var error = self.check()
          var v = self.value()
          emit('change', {
            elementType: 'card',
            empty: !v.number,
            complete: !error,
            brand: (TEST_CARDS[v.number] || { brand: 'unknown' }).brand,
            error:
              error && v.cvc
                ? { type: 'validation_error', code: error.code, message: error.message }
                : undefined,
          })
        })
        inputs[f[0]] = input
        row.appendChild(input)
      })
      node.appendChild(row)
      self.node = row
      setTimeout(function () {
        emit('ready', { elementType: 'card' })
      }, 0)
    }
    this.update = function () {}
    this.focus = function () {
      if (inputs.number) inputs.number.focus()
    }
    this.blur = function () {}
    this.clear = function () {
      Object.keys(inputs).forEach(function (k) {
        inputs[k].value = ''
      })
    }
    this.unmount = function () {
      if (self.node) self.node.remove()
    }
    this.destroy = this.unmount
  }

  function api(method, path, key, body) {
    var init = { method: method, headers: { authorization: 'Bearer ' + key } }
    if (body) {
      init.headers['content-type'] = 'application/x-www-form-urlencoded'
      init.body = new URLSearchParams(body).toString()
    }
    return fetch(apiBase + path, init).then(function (res) {
      return res.json()
    })
  }

  /** The bank's 3-D Secure window of Stripe's test mode: the payer completes or fails it. */
  function challenge() {
    return new Promise(function (resolve) {
      var backdrop = document.createElement('div')
      backdrop.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center'
      var box = document.createElement('div')
      box.setAttribute('role', 'dialog')
      box.setAttribute('aria-label', '3D Secure 2 Test Page')
      box.style.cssText =
        'background:#fff;color:#111;padding:24px;border-radius:8px;font:15px system-ui;display:flex;flex-direction:column;gap:12px;width:320px'
      box.innerHTML =
        '<strong>3D Secure 2 Test Page</strong><p>This is a test page for 3D Secure authentication.</p>'
      ;[
        ['Complete', 'complete'],
        ['Fail', 'fail'],
      ].forEach(function (b) {
        var button = document.createElement('button')
        button.textContent = b[0]
        button.onclick = function () {
          backdrop.remove()
          resolve(b[1])
        }
        box.appendChild(button)
      })
      backdrop.appendChild(box)
      document.body.appendChild(backdrop)
    })
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key)
    var elementsByType = {}
    this._registerWrapper = function () {}
    this.registerAppInfo = function () {}
    this.elements = function () {
      return {
        create: function (type, options) {
          if (type !== 'card')
            throw new Error('This Stripe.js stand-in only has the card element, not ' + type)
          return (elementsByType[type] = new CardElement(options))
        },
        getElement: function (type) {
          return elementsByType[typeof type === 'string' ? type : type && type.__elementType] || null
        },
        update: function () {},
      }
    }
    function checked(card) {
      var error = card.check()
      return error ? { error: { type: 'validation_error', code: error.code, message: error.message } } : null
    }
    /** As Stripe.js: the card goes from the page straight to Stripe, which answers a new PaymentMethod. */
    this.createPaymentMethod = function (params) {
      var card = params.card || params.element
      var invalid = checked(card)
      if (invalid) return Promise.resolve(invalid)
      var v = card.value()
      return api('POST', '/v1/payment_methods', key, {
        type: 'card',
        'card[number]': v.number,
        'card[exp_month]': v.exp_month,
        'card[exp_year]': v.exp_year,
        'card[cvc]': v.cvc,
      }).then(function (pm) {
        return pm.error ? { error: pm.error } : { paymentMethod: pm }
      })
    }
    /** The older token call (Stripe's ready-made test tokens); the app itself uses PaymentMethods. */
    this.createToken = function (card) {
      var invalid = checked(card)
      if (invalid) return Promise.resolve(invalid)
      var v = card.value()
      var test = TEST_CARDS[v.number]
      if (!test)
        return Promise.resolve({
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        })
      return Promise.resolve({
        token: {
          id: test.tok,
          object: 'token',
          type: 'card',
          card: {
            brand: test.brand,
            last4: v.number.slice(-4),
            exp_month: v.exp_month,
            exp_year: v.exp_year,
          },
        },
      })
    }
    this.confirmCardPayment = function (clientSecret) {
      var id = String(clientSecret).split('_secret_')[0]
      return api(
        'GET',
        '/v1/payment_intents/' + id + '?client_secret=' + encodeURIComponent(clientSecret),
        key,
      )
        .then(function (pi) {
          if (pi.error) return pi
          if (pi.status !== 'requires_action') return pi
          return challenge().then(function (answer) {
            return api('POST', '/v1/payment_intents/' + id + '/confirm', key, {
              client_secret: clientSecret,
              authentication: answer,
            })
          })
        })
        .then(function (pi) {
          if (pi.error) return { error: pi.error }
          if (pi.status === 'succeeded' || pi.status === 'processing') return { paymentIntent: pi }
          var e = pi.last_payment_error || {
            code: 'payment_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          }
          return { error: { type: 'card_error', code: e.code, message: e.message, payment_intent: pi } }
        })
    }
  }
  Stripe.version = 'endive'
  window.Stripe = Stripe
})()
