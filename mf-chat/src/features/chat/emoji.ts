/** The emoji the picker offers, by group, each with the name a screen reader says. */
export const EMOJI_GROUPS: Array<{ name: string; emoji: Array<[string, string]> }> = [
  {
    name: 'Smileys',
    emoji: [
      ['😀', 'grinning'], ['😃', 'smiling'], ['😄', 'laughing eyes'], ['😁', 'beaming'], ['😆', 'squinting laugh'], ['😅', 'sweat smile'],
      ['😂', 'tears of joy'], ['🙂', 'slight smile'], ['😉', 'wink'], ['😊', 'blush'], ['😇', 'halo'], ['😍', 'heart eyes'],
      ['😘', 'kiss'], ['😋', 'yum'], ['😎', 'sunglasses'], ['🤓', 'nerd'], ['🤔', 'thinking'], ['🤨', 'raised eyebrow'],
      ['😐', 'neutral'], ['😴', 'sleeping'], ['😮', 'surprised'], ['😲', 'astonished'], ['😢', 'crying'], ['😭', 'sobbing'],
      ['😤', 'huffing'], ['😡', 'angry'], ['🤯', 'mind blown'], ['😱', 'screaming'], ['🥳', 'partying'], ['🤗', 'hugging'],
    ],
  },
  {
    name: 'Gestures',
    emoji: [
      ['👍', 'thumbs up'], ['👎', 'thumbs down'], ['👏', 'clapping'], ['🙌', 'raised hands'], ['🙏', 'thank you'], ['👋', 'waving'],
      ['🤝', 'handshake'], ['✌️', 'victory'], ['🤞', 'fingers crossed'], ['👌', 'ok'], ['💪', 'strong'], ['👀', 'eyes'],
    ],
  },
  {
    name: 'Work',
    emoji: [
      ['✅', 'done'], ['❌', 'no'], ['⚠️', 'warning'], ['📞', 'phone'], ['📧', 'email'], ['📅', 'calendar'],
      ['📝', 'memo'], ['📎', 'paperclip'], ['📄', 'document'], ['💼', 'briefcase'], ['🏠', 'home'], ['🚗', 'car'],
      ['💰', 'money'], ['📈', 'chart up'], ['⏰', 'alarm'], ['☕', 'coffee'], ['🍕', 'pizza'], ['🎂', 'birthday cake'],
    ],
  },
  {
    name: 'Symbols',
    emoji: [
      ['❤️', 'heart'], ['💙', 'blue heart'], ['💯', 'hundred'], ['🔥', 'fire'], ['⭐', 'star'], ['✨', 'sparkles'],
      ['🎉', 'party'], ['🎊', 'confetti'], ['🏆', 'trophy'], ['🚀', 'rocket'], ['💡', 'idea'], ['❓', 'question'],
    ],
  },
];

/** The reactions offered first. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '🎉', '😮', '😢'];

export const emojiName = (emoji: string) => EMOJI_GROUPS.flatMap((g) => g.emoji).find(([e]) => e === emoji)?.[1] ?? emoji;
