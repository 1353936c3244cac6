/** The batch Lambda: its routes and handlers are in ./structure.ts. */
export { batch as handler } from './structure';
