/** The slot Lambda: its routes and handlers are in ./structure.ts. */
export { slot as handler } from './structure';
