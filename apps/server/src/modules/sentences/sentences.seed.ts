import type { Platform } from '../../platform/context'
import * as repo from './sentences.repo'
import type { NewCategory } from './sentences.repo'

/** Lines a creator can drop straight into an avatar video or a stream alert. */
export const DEFAULT_SENTENCE_CATEGORIES: NewCategory[] = [
  {
    name: 'greetings',
    display_name: 'Greetings',
    order: 1,
    is_show: true,
    sentences: [
      "Hey everyone, welcome in! Grab a drink and get comfy, we're going to have a great time.",
      'Welcome back to the channel! If you are new here, hit follow so you never miss a stream.',
      "What's up, chat? I can already see some familiar names, so good to have you here.",
      'Hello and welcome! Tell me in the chat where you are watching from today.',
      'Hi friends! Today we are trying something brand new, and I need your help.',
      "Good to see you! Settle in, because this one's going to be a long and fun session.",
      'Welcome, welcome! Drop a hello in the chat so I know you made it.',
      'Hey there! Whether this is your first stream or your hundredth, you belong here.',
    ],
  },
  {
    name: 'stream-starting',
    display_name: 'Stream Starting',
    order: 2,
    is_show: true,
    sentences: [
      'The stream is starting in just a few minutes. Get your snacks ready!',
      "We're going live soon! Share the link with a friend who would enjoy the show.",
      "Starting soon: tonight we take on the hardest level yet. Don't miss it.",
      'Sound check complete, camera check complete. We go live in five minutes!',
      'Hang tight, the stream begins shortly. Vote in the poll for what we play first.',
      'Almost time! Turn on notifications so you know the moment we go live.',
      'Warming up the voice and the controller. See you on stream in a moment!',
      'Doors are open! Chat is live, the stream starts right after this song.',
    ],
  },
  {
    name: 'thank-you',
    display_name: 'Thank You',
    order: 3,
    is_show: true,
    sentences: [
      'Thank you so much for the tip! You just made my whole day.',
      'Huge thanks for the sub! Welcome to the family, you are officially one of us.',
      "Thank you for the bits! I'm putting every single one toward better streams.",
      'Thanks for the raid! Welcome in, raiders, make yourselves at home.',
      'I really appreciate the gifted subs. You are incredibly generous!',
      'Thank you for being here every week. This community means the world to me.',
      'Thanks for the super chat! I read every message, and yours made me smile.',
      'Thank you for hitting that follow button. It genuinely helps the channel grow.',
    ],
  },
  {
    name: 'hype',
    display_name: 'Hype',
    order: 4,
    is_show: true,
    sentences: [
      "Let's gooo! That was the cleanest play of the whole night!",
      'Chat, are you seeing this? We are on an absolute winning streak!',
      'Hype train is leaving the station. All aboard, next stop: the top of the leaderboard!',
      'No way! First try! Clip it, clip it, somebody clip that right now!',
      'This is the moment we have been training for. Make some noise in the chat!',
      'New record! I told you we could do it, and we did it together.',
      'Everybody spam the emotes, because that was legendary!',
      "The energy in here is unreal tonight. Let's keep it going!",
    ],
  },
  {
    name: 'announcements',
    display_name: 'Announcements',
    order: 5,
    is_show: true,
    sentences: [
      'Big news: starting next week, we stream every Tuesday, Thursday and Saturday.',
      'The new merch drop is live! Check the link in the description before it sells out.',
      "We're doing a charity stream this Friday. Every tip goes straight to the cause.",
      'Subscriber milestone unlocked! To celebrate, we are hosting a community game night.',
      'Heads up: tomorrow’s stream starts two hours later than usual.',
      'I am launching a brand new series, and the first episode premieres this weekend.',
      'Our Discord server is finally open. Come hang out between streams!',
      'Giveaway time! Follow and type the keyword in chat to enter.',
    ],
  },
  {
    name: 'sign-off',
    display_name: 'Sign Off',
    order: 6,
    is_show: true,
    sentences: [
      "That's a wrap for today! Thank you all for hanging out, see you next time.",
      'We are going to raid a friend of the channel. Go show them some love!',
      'Thanks for watching! Like the video if you enjoyed it and I will see you in the next one.',
      'Time to say goodnight. Get some rest and take care of yourselves.',
      'What a stream! Catch the highlights on the channel tomorrow.',
      'Signing off for now. Stay awesome, and remember to drink some water!',
      'Thanks for the company tonight. Same time next week?',
      "I'm heading out, but the VOD will be up shortly if you missed anything.",
    ],
  },
]

/** Fills an empty category table with the default categories, once; admin edits are never undone. */
export async function seedSentenceCategories({ db }: Pick<Platform, 'db'>): Promise<void> {
  if ((await repo.countAll(db)) > 0) return
  await repo.insertMany(db, DEFAULT_SENTENCE_CATEGORIES)
}
