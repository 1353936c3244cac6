/** What a check-in's flags say beside a student's name (docs/product.md §2.18): the classroom screen and the form. */
const FLAG_TEXT: Record<string, string> = {
  sharedDevice: 'another student tried this phone',
  twoDevices: 'also tried from another phone',
  outside: 'outside the college network',
};

export const checkInFlagText = (flags: readonly string[]): string => flags.map((flag) => FLAG_TEXT[flag] ?? flag).join(', ');

/** How a check-in is said beside a name: late or not, and its flags ('Checked in late · outside the college network'). */
export const checkedInText = ({ late, flags }: { late: boolean; flags: readonly string[] }): string =>
  [late ? 'Checked in late' : 'Checked in', ...(flags.length ? [checkInFlagText(flags)] : [])].join(' · ');
