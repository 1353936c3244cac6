/** The division Lambda: its routes and handlers are in ./structure.ts. */
export { division as handler } from './structure';
