/**
 * The press house rules: NO_PRESS (players may not write to each other at all), PUBLIC_PRESS
 * (only messages to everyone) and GREY_PRESS (every message goes out without its sender's name).
 * Hook: `deliverMessage`, which the server asks before relaying a message. They govern only
 * players' press: the gamesmaster's announcements and the game's own events are untouched.
 * Negation: repeal.
 */
import { houseRule } from './house-rule.js';

export const noPress = houseRule({
  id: 'no-press',
  aliases: ['gunboat', 'no-messages'],
  headline: 'No Press Rule: players may not send messages.',
  deliverMessage: () => ({
    refused: { code: 'press/no-press', message: 'the No Press Rule is in force' },
  }),
});

export const publicPress = houseRule({
  id: 'public-press',
  aliases: ['public-press-only', 'white-press-public'],
  headline: 'Public Press Rule: messages may only be sent to everyone.',
  deliverMessage: (_ctx, message) =>
    message.to.kind === 'public'
      ? undefined
      : {
          refused: {
            code: 'press/public-only',
            message: 'the Public Press Rule is in force: send the message to everyone',
          },
        },
});

export const greyPress = houseRule({
  id: 'grey-press',
  aliases: ['gray-press', 'anonymous-press'],
  headline: 'Grey Press Rule: every message is sent without its sender’s name.',
  deliverMessage: () => ({ anonymous: true }),
});
