import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../platform/config'
import { signV4 } from './aws-sigv4'
import { awsPool } from './aws-pool'
import { kubernetesPool } from './kubernetes-pool'

/** A local server standing in for a provider's API; `handle` sees each request with its body. */
async function standIn(handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => handle(req, body, res))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  }
}

describe('AWS Signature Version 4', () => {
  it('signs the AWS test suite request "get-vanilla" as AWS does', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      body: '',
      region: 'us-east-1',
      service: 'service',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      now: new Date('2015-08-30T12:36:00Z'),
    })
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    )
  })
})

describe('Kubernetes Deployment scale', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-'))
  const tokenFile = path.join(dir, 'token')
  let api: Awaited<ReturnType<typeof standIn>>
  let replicas = 1
  const seen: Array<{ method: string; url: string; auth: string; type: string; body: string }> = []

  beforeAll(async () => {
    fs.writeFileSync(tokenFile, 'sa-token-1\n')
    api = await standIn((req, body, res) => {
      seen.push({
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization ?? '',
        type: req.headers['content-type'] ?? '',
        body,
      })
      if (
        req.headers.authorization !== 'Bearer sa-token-1' &&
        req.headers.authorization !== 'Bearer sa-token-2'
      ) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ kind: 'Status', reason: 'Unauthorized', message: 'Unauthorized' }))
        return
      }
      if (!req.url!.startsWith('/apis/apps/v1/namespaces/render/deployments/mp-workers/scale')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            kind: 'Status',
            reason: 'NotFound',
            message: 'deployments.apps "other" not found',
          }),
        )
        return
      }
      if (req.method === 'PATCH')
        replicas = (JSON.parse(body) as { spec: { replicas: number } }).spec.replicas
      const scale = {
        kind: 'Scale',
        apiVersion: 'autoscaling/v1',
        metadata: { name: 'mp-workers', namespace: 'render' },
        spec: { replicas },
        status: { replicas: 1, selector: 'app=mp-workers' },
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(scale))
    })
  })
  afterAll(async () => api.close())

  const pool = (name = 'mp-workers') =>
    kubernetesPool(
      loadConfig({
        INSTANCES_PROVIDER: 'kubernetes',
        INSTANCES_POOL_ID: name,
        K8S_API_URL: api.url,
        K8S_NAMESPACE: 'render',
        K8S_TOKEN_FILE: tokenFile,
        INSTANCES_MAX: '5',
      }),
    )

  it('reads and patches the scale subresource with the service-account token, re-read at each call', async () => {
    expect(await pool().status()).toEqual({
      id: 'mp-workers',
      provider: 'kubernetes',
      desired: 1,
      running: 1,
      min: 0,
      max: 5,
    })
    fs.writeFileSync(tokenFile, 'sa-token-2\n') // the kubelet rotated it
    expect(await pool().setDesired(3)).toMatchObject({ desired: 3 })
    const patch = seen.at(-1)!
    expect(patch).toMatchObject({
      method: 'PATCH',
      auth: 'Bearer sa-token-2',
      type: 'application/merge-patch+json',
      url: '/apis/apps/v1/namespaces/render/deployments/mp-workers/scale',
    })
    expect(JSON.parse(patch.body)).toEqual({ spec: { replicas: 3 } })
  })

  it('refuses sizes beyond the bound without calling, and names what the API said', async () => {
    const calls = seen.length
    await expect(pool().setDesired(6)).rejects.toMatchObject({
      status: 422,
      message: 'DesiredCapacity must be between 0 and 5',
    })
    expect(seen.length).toBe(calls)
    await expect(pool('other').status()).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('404 NotFound deployments.apps "other" not found'),
    })
    fs.writeFileSync(tokenFile, 'revoked')
    await expect(pool().status()).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('401 Unauthorized'),
    })
  })
})

describe('AWS Auto Scaling group', () => {
  let api: Awaited<ReturnType<typeof standIn>>
  let desired = 2
  const creds = {
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  }
  const xmlError = (code: string, message: string) =>
    `<ErrorResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>r-1</RequestId></ErrorResponse>`

  beforeAll(async () => {
    api = await standIn((req, body, res) => {
      // Check the signature as AWS does: recompute it from the request and the shared secret.
      const url = new URL(req.url!, `http://${req.headers.host}`)
      const headers = { 'content-type': req.headers['content-type']! }
      const expected = signV4({
        method: req.method!,
        url,
        headers,
        body,
        region: 'eu-west-1',
        service: 'autoscaling',
        accessKeyId: creds.AWS_ACCESS_KEY_ID,
        secretAccessKey: creds.AWS_SECRET_ACCESS_KEY,
        now: new Date(
          String(req.headers['x-amz-date']).replace(
            /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
            '$1-$2-$3T$4:$5:$6Z',
          ),
        ),
      })
      if (expected.authorization !== req.headers.authorization) {
        res
          .writeHead(403)
          .end(
            xmlError(
              'SignatureDoesNotMatch',
              'The request signature we calculated does not match the signature you provided.',
            ),
          )
        return
      }
      const form = new URLSearchParams(body)
      if (form.get('Action') === 'SetDesiredCapacity') {
        desired = Number(form.get('DesiredCapacity'))
        res
          .writeHead(200, { 'content-type': 'text/xml' })
          .end(
            '<SetDesiredCapacityResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><ResponseMetadata><RequestId>r-2</RequestId></ResponseMetadata></SetDesiredCapacityResponse>',
          )
        return
      }
      const name = form.get('AutoScalingGroupNames.member.1')
      const groups =
        name === 'mp-render'
          ? `<member><AutoScalingGroupName>mp-render</AutoScalingGroupName><MinSize>1</MinSize><MaxSize>4</MaxSize><DesiredCapacity>${desired}</DesiredCapacity><Instances><member><InstanceId>i-1</InstanceId><LifecycleState>InService</LifecycleState></member><member><InstanceId>i-2</InstanceId><LifecycleState>Pending</LifecycleState></member></Instances></member>`
          : ''
      res
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(
          `<DescribeAutoScalingGroupsResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><DescribeAutoScalingGroupsResult><AutoScalingGroups>${groups}</AutoScalingGroups></DescribeAutoScalingGroupsResult></DescribeAutoScalingGroupsResponse>`,
        )
    })
  })
  afterAll(async () => api.close())

  const pool = (name = 'mp-render', secret = creds.AWS_SECRET_ACCESS_KEY) =>
    awsPool(
      loadConfig({
        INSTANCES_PROVIDER: 'aws',
        INSTANCES_POOL_ID: name,
        AWS_REGION: 'eu-west-1',
        AWS_AUTOSCALING_ENDPOINT: `${api.url}/`,
        ...creds,
        AWS_SECRET_ACCESS_KEY: secret,
      }),
    )

  it('describes the group and sets its desired capacity with signed requests', async () => {
    expect(await pool().status()).toEqual({
      id: 'mp-render',
      provider: 'aws',
      desired: 2,
      running: 1,
      min: 1,
      max: 4,
    })
    expect(await pool().setDesired(4)).toMatchObject({ desired: 4 })
    expect(desired).toBe(4)
    await expect(pool().setDesired(5)).rejects.toMatchObject({
      status: 422,
      message: 'DesiredCapacity must be between 1 and 4',
    })
    expect(desired).toBe(4)
  })

  it('names the error AWS answered', async () => {
    await expect(pool('mp-render', 'wrong-secret').status()).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('SignatureDoesNotMatch'),
    })
    await expect(pool('missing').status()).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('no Auto Scaling group named missing'),
    })
  })
})
