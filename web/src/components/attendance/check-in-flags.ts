/** What a check-in's flags say beside a student's name (docs/product.md §2.18): the classroom screen and the form. */
const FLAG_TEXT: Record<string, string> = {
  sharedDevice: 'another student tried this phone',
  twoDevices: 'also tried from another phone',
};

export const checkInFlagText = (flags: readonly string[]): string => flags.map((flag) => FLAG_TEXT[flag] ?? flag).join(', ');
