/**
 * The name as printed on a badge, in pinyin: the rule the badge form fills its pinyin field with and
 * the printed badge writes under a Chinese name. The dictionary is the caller's (pinyin-pro in the web
 * app and on the server): shared/ imports nothing but zod, so `syllablesOf` is passed in.
 */

const HAN = /\p{Script=Han}/u;
/** Two-character surnames still in use: their two syllables are one word ("欧阳修" → "Ouyang Xiu"). */
const COMPOUND_SURNAMES = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '宇文', '司徒', '夏侯', '令狐', '端木', '独孤', '南宫', '西门', '申屠', '闻人'];

/** A dictionary's reading of Chinese characters: one toneless syllable per character, the first read as a surname. */
export type SurnameSyllables = (han: string) => string[];

function capitalise(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/**
 * The surname's pinyin, a space, the given name's pinyin in one word, each capitalised ("张三丰" →
 * "Zhang Sanfeng"; surnames read as surnames: "单" → "Shan"). ü is written "yu" as on Chinese passports
 * ("吕" → "Lyu"). A name without Chinese characters is kept as it is.
 */
export function pinyinOfName(name: string, syllablesOf: SurnameSyllables): string {
  const trimmed = name.trim();
  if (!HAN.test(trimmed)) return trimmed;
  const han = trimmed.replace(/[^\p{Script=Han}]+/gu, '');
  const syllables = syllablesOf(han).map((syllable) => syllable.replace(/ü/g, 'yu').replace(/[^A-Za-z]/g, ''));
  const surnameLength = COMPOUND_SURNAMES.some((surname) => han.startsWith(surname)) && han.length > 2 ? 2 : 1;
  const surname = syllables.slice(0, surnameLength).join('');
  const given = syllables.slice(surnameLength).join('');
  return [capitalise(surname), capitalise(given)].filter(Boolean).join(' ');
}
