/**
 * The base English blacklist (GET /api/donation/base-profanity-blacklist; creators toggle it).
 *
 * Entry syntax, chosen so innocent words stay innocent (the Scunthorpe problem):
 *   `word`   the whole word only (plus a plural s): "cum" flags "cum", not "cumin" or "cucumber".
 *   `word+`  the word with a common ending: s, es, ed, er(s), ing, in, y, ies, head(s), face, hole(s), bag(s), wit(s).
 *   `word*`  the word anywhere inside a longer word; only for roots with no innocent carriers.
 * Matching ignores case, accents, leetspeak (sh1t, a$$), repeated letters (fuuuck), spacing
 * (f u c k) and look-alike letters from other scripts (Cyrillic "аss"). Slurs are listed in full on
 * purpose: an alert is spoken aloud on a live stream, and these are the words viewers try to sneak in.
 */
export const BASE_PROFANITY_LIST: readonly string[] = [
  // Strong roots: no common English word contains them.
  'fuck*', 'motherf*', 'fck+', 'fuk+', 'fuq+', 'phuck+', 'fvck+', 'wtf', 'stfu', 'gtfo', 'mf', 'mofo+',
  // Excrement and anatomy
  'shit+', 'shite', 'shitt+', 'bullshit+', 'horseshit', 'dipshit+', 'chickenshit', 'apeshit', 'batshit',
  'crap+', 'ass', 'asses', 'arse', 'arses', 'asshole+', 'arsehole+', 'assh0le', 'asshat+', 'assclown+', 'asswipe+',
  'dumbass+', 'jackass+', 'fatass+', 'smartass+', 'badass+', 'kickass', 'lardass', 'dumbarse',
  'bitch+', 'biatch+', 'sonofabitch', 'bastard+', 'dick', 'dicks', 'dickhead+', 'dickweed', 'dickwad', 'cock', 'cocks', 'cocksucker+',
  'cunt+', 'twat+', 'prick', 'pricks', 'pussy', 'pussies', 'tits', 'titty', 'titties', 'boob+', 'boobies',
  'penis+', 'vagina+', 'dildo+', 'dildos', 'cum', 'cumshot+', 'cumming', 'jizz+', 'spunk', 'semen',
  'wank+', 'wanker+', 'jerkoff', 'jackoff', 'handjob+', 'blowjob+', 'rimjob+', 'boner+', 'erection',
  'ballsack', 'scrotum', 'testicle+', 'nutsack', 'clit+', 'clitoris', 'anal', 'anus', 'butthole+', 'buttplug+',
  // Sex
  'porn+', 'porno+', 'pornography', 'nude+', 'nudes', 'sex', 'sexy', 'horny', 'orgasm+', 'orgy', 'orgies',
  'milf+', 'hentai', 'bukkake', 'gangbang+', 'threesome+', 'deepthroat+', 'whore+', 'slut+', 'skank+',
  'thot+', 'hooker+', 'rape+', 'rapist+', 'raping', 'molest+', 'pedo', 'pedos', 'pedophile+', 'paedo', 'incest',
  'bestiality', 'nazi+', 'hitler', 'heil', 'kys',
  // Slurs (racial, ethnic, homophobic, ableist)
  'nigger+', 'nigga+', 'niga', 'nig', 'negro+', 'coon', 'coons', 'chink+', 'gook+', 'spic', 'spics', 'spick', 'wetback+',
  'kike+', 'beaner+', 'paki', 'pakis', 'raghead+', 'towelhead+', 'sandnigger+', 'jigaboo+', 'porchmonkey+',
  'faggot+', 'fagot+', 'fag', 'fags', 'dyke+', 'tranny', 'trannies', 'shemale+',
  'retard+', 'retarded', 'tard', 'tards', 'spaz', 'spastic',
  // Insults that read badly on a stream
  'douche+', 'douchebag+', 'scumbag+', 'bollocks', 'bugger+', 'piss+', 'pissed', 'turd+',
  'damnit', 'goddamn+', 'goddammit',
]
