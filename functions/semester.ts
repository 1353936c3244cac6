/** The semester Lambda: its routes and handlers are in ./structure.ts. */
export { semester as handler } from './structure';
