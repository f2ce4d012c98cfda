import { describe, expect, it } from 'vitest';
import { PinyinFollower, pinyinOfName } from './pinyin-name';

describe('pinyinOfName', () => {
  it('writes the surname, then the given name in one word, each capitalised', () => {
    expect(pinyinOfName('张三丰')).toBe('Zhang Sanfeng');
    expect(pinyinOfName('李四')).toBe('Li Si');
    expect(pinyinOfName('王')).toBe('Wang');
  });
  it('reads surnames as surnames, joins two-character surnames, writes ü as yu', () => {
    expect(pinyinOfName('单雄信')).toBe('Shan Xiongxin');
    expect(pinyinOfName('欧阳修')).toBe('Ouyang Xiu');
    expect(pinyinOfName('吕布')).toBe('Lyu Bu');
  });
  it('drops the middle dot and spaces of Chinese names, keeps Latin names as they are', () => {
    expect(pinyinOfName(' 阿依·古丽 ')).toBe('A Yiguli');
    expect(pinyinOfName('John Smith')).toBe('John Smith');
    expect(pinyinOfName('')).toBe('');
  });
});

describe('PinyinFollower', () => {
  it('follows the name until the user writes the pinyin, and again once the user empties it', () => {
    const follower = new PinyinFollower('', '');
    expect(follower.nameChanged('张')).toBe('Zhang');
    expect(follower.nameChanged('张三')).toBe('Zhang San');
    follower.pinyinEdited('Zhang San Jr');
    expect(follower.nameChanged('张三丰')).toBeUndefined();
    follower.pinyinEdited('');
    expect(follower.nameChanged('张三丰')).toBe('Zhang Sanfeng');
  });
  it('treats a saved pinyin that is not the saved name\'s own as written by the user', () => {
    expect(new PinyinFollower('张三', 'Zhang San').nameChanged('张四')).toBe('Zhang Si');
    expect(new PinyinFollower('张三', 'Cheung Sam').nameChanged('张四')).toBeUndefined();
  });
});
