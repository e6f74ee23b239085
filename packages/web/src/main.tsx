// Entry of the web client: mounts the app into #root.
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import './styles.css';
import '@miniapps/react/miniapp.css';

createRoot(document.getElementById('root')!).render(<App />);
