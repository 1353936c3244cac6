import { createStore } from './store';

/** The path of the page shown, for code outside React (register-worker.ts): the app's router sets it after each navigation. */
export const shownPath = createStore(window.location.pathname);
