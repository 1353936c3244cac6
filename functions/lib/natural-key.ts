/**
 * A sort key that orders names the way people count: 'Div 2' before 'Div 10'. Case is
 * ignored, whitespace collapsed, and every run of digits becomes its length (2 digits) then
 * the digits, leading zeros dropped; so 'Div 02' and 'div 2' are the same name.
 */
export function naturalKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\d+/g, (digits) => {
      const value = digits.replace(/^0+(?=\d)/, '');
      return `${String(value.length).padStart(2, '0')}${value}`;
    });
}
