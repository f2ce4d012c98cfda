import { pinyin } from 'pinyin-pro';
import { pinyinOfName as badgePinyinOfName } from '@portal/shared/badge/pinyin-name';

/** A holder's name in pinyin as the badge form writes it (the shared rule with pinyin-pro's dictionary). */
export function pinyinOfName(name: string): string {
  return badgePinyinOfName(name, (han) => pinyin(han, { toneType: 'none', type: 'array', surname: 'head' }));
}
