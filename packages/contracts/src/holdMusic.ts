/*
 * Hold music (spec 002 §9): a fixed list of 23 tracks in six groups, the royalty-free tracks
 * Twilio hosts for callers waiting in a queue. A location's call flow names one by its id.
 */
export type HoldMusicGroup = 'Ambient' | 'Classical' | 'Electronica' | 'Guitar' | 'Rock' | 'Softrock';

export interface HoldMusicTrack {
  id: string;
  group: HoldMusicGroup;
  title: string;
  url: string;
}

const BUCKETS: Record<HoldMusicGroup, string> = {
  Ambient: 'http://com.twilio.music.ambient.s3.amazonaws.com',
  Classical: 'http://com.twilio.music.classical.s3.amazonaws.com',
  Electronica: 'http://com.twilio.music.electronica.s3.amazonaws.com',
  Guitar: 'http://com.twilio.music.guitars.s3.amazonaws.com',
  Rock: 'http://com.twilio.music.rock.s3.amazonaws.com',
  Softrock: 'http://com.twilio.music.soft-rock.s3.amazonaws.com',
};

const TRACKS: Array<[HoldMusicGroup, string, string]> = [
  ['Ambient', 'Living Taciturn', 'aerosolspray_-_Living_Taciturn.mp3'],
  ['Ambient', 'Exurb', 'gurdonark_-_Exurb.mp3'],
  ['Ambient', 'Plains', 'gurdonark_-_Plains.mp3'],
  ['Ambient', 'Sunday Morning', 'airtone_-_sundaymorning.mp3'],
  ['Classical', 'Busy Strings', 'BusyStrings.mp3'],
  ['Classical', 'Clockwork Waltz', 'ClockworkWaltz.mp3'],
  ['Classical', 'Brahms Op. 116 No. 4', 'ith_brahms-116-4.mp3'],
  ['Classical', 'Chopin Op. 15 No. 2', 'ith_chopin-15-2.mp3'],
  ['Classical', 'Borghestral', 'MARKOVICHAMP-Borghestral.mp3'],
  ['Classical', 'Flight of Young Hearts', 'Mellotroniac_-_Flight_Of_Young_Hearts_Flute.mp3'],
  ['Classical', 'Endless Goodbye', 'oldDog_-_endless_goodbye_%28instr.%29.mp3'],
  ['Electronica', 'Seawall Stepper', 'Kaer_Trouz_-_Seawall_Stepper.mp3'],
  ['Electronica', 'Tronic Rain', 'teru_-_Tronic_Rain.mp3'],
  ['Electronica', 'Digital Snow', 'Doxent_-_Digital_Snow.mp3'],
  ['Electronica', 'Night Drive', 'SackJo22_-_Night_Drive.mp3'],
  ['Guitar', 'A Thought', 'Pitx_-_A_Thought.mp3'],
  ['Guitar', 'Long Winter', 'Pitx_-_Long_Winter.mp3'],
  ['Guitar', 'Acoustic Breeze', 'spinningmerkaba_-_Acoustic_Breeze.mp3'],
  ['Rock', 'Fight Song', 'FreddyFromAmsterdam_-_Fight_Song.mp3'],
  ['Rock', 'Rock Steady', 'Scomber_-_Rock_Steady.mp3'],
  ['Softrock', 'Lazy Afternoon', 'Fireproof_Babies_-_Lazy_Afternoon.mp3'],
  ['Softrock', 'Easy Going', 'Jeris_-_Easy_Going.mp3'],
  ['Softrock', 'Summer Sigh', 'Ghost_Stories_-_Summer_Sigh.mp3'],
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const HOLD_MUSIC: readonly HoldMusicTrack[] = TRACKS.map(([group, title, file]) => ({
  id: `${slug(group)}-${slug(title)}`,
  group,
  title,
  url: `${BUCKETS[group]}/${file}`,
}));
export const HOLD_MUSIC_GROUPS: readonly HoldMusicGroup[] = ['Ambient', 'Classical', 'Electronica', 'Guitar', 'Rock', 'Softrock'];
export const DEFAULT_HOLD_MUSIC = 'classical-busy-strings';

/** The track a flow names, or the default one. */
export const holdMusicTrack = (id: string | undefined): HoldMusicTrack =>
  HOLD_MUSIC.find((t) => t.id === id) ?? HOLD_MUSIC.find((t) => t.id === DEFAULT_HOLD_MUSIC)!;
