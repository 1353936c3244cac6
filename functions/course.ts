/** The course Lambda: its routes and handlers are in ./structure.ts. */
export { course as handler } from './structure';
