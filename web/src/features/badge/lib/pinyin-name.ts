import { pinyin } from 'pinyin-pro';
import { pinyinOfName as sharedPinyinOfName } from '@portal/shared/badge/pinyin-name';

/** The shared badge-name rule with pinyin-pro's dictionary (the printed badge writes the same on the server). */
export function pinyinOfName(name: string): string {
  return sharedPinyinOfName(name, (han) => pinyin(han, { toneType: 'none', type: 'array', surname: 'head' }));
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
