/** The page's entry: renders the app shell into `#app`. */
import { render } from 'preact';
import { App } from './app.js';
import './styles.css';
import './pages/pages.css';

const root = document.getElementById('app');
if (root !== null) render(<App />, root);
