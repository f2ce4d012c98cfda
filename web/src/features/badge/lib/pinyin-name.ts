import { pinyin } from 'pinyin-pro';

const HAN = /\p{Script=Han}/u;
/** Two-character surnames still in use: their two syllables are one word ("欧阳修" → "Ouyang Xiu"). */
const COMPOUND_SURNAMES = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '宇文', '司徒', '夏侯', '令狐', '端木', '独孤', '南宫', '西门', '申屠', '闻人'];

function capitalise(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/**
 * The name as printed on a badge: the surname's pinyin, a space, the given name's pinyin in one word,
 * each capitalised ("张三丰" → "Zhang Sanfeng"; surnames read as surnames: "单" → "Shan"). ü is written
 * "yu" as on Chinese passports ("吕" → "Lyu"). A name without Chinese characters is kept as it is.
 */
export function pinyinOfName(name: string): string {
  const trimmed = name.trim();
  if (!HAN.test(trimmed)) return trimmed;
  const han = trimmed.replace(/[^\p{Script=Han}]+/gu, '');
  const syllables = pinyin(han, { toneType: 'none', type: 'array', surname: 'head' }).map((syllable) => syllable.replace(/ü/g, 'yu').replace(/[^A-Za-z]/g, ''));
  const surnameLength = COMPOUND_SURNAMES.some((surname) => han.startsWith(surname)) && han.length > 2 ? 2 : 1;
  const surname = syllables.slice(0, surnameLength).join('');
  const given = syllables.slice(surnameLength).join('');
  return [capitalise(surname), capitalise(given)].filter(Boolean).join(' ');
}

/**
 * Keeps the pinyin field following the name while the user has not written it: the form tells it of
 * each change of either field. A saved pinyin that is not the saved name's own counts as written.
 */
export class PinyinFollower {
  private written: boolean;

  constructor(initialName: string, initialPinyin: string) {
    this.written = initialPinyin.trim() !== '' && initialPinyin.trim() !== pinyinOfName(initialName);
  }

  /** The pinyin to put in the field for the new name, or undefined to leave the user's own. */
  nameChanged(name: string): string | undefined {
    return this.written ? undefined : pinyinOfName(name);
  }

  /** The user typed in the pinyin field: from now on it is theirs (emptying it hands it back). */
  pinyinEdited(pinyinValue: string): void {
    this.written = pinyinValue.trim() !== '';
  }
}
