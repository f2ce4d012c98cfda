/** A LIKE pattern matching what someone typed anywhere in the value: its wildcards (\ % _) are escaped. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
