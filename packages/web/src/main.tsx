// Entry of the web client: registers its service worker, fetches the reader's language (English is bundled), then
// mounts the app into #root.
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { initialLanguage, type Language, loadLanguage } from './i18n/language.js';
import { startInstallable } from './offline/installable.js';
import './styles.css';
import '@miniapps/react/miniapp.css';

// Before the first draw, so an install offer or a waiting update made during the language's fetch is not missed.
startInstallable();

// The first draw is already in the reader's language, <html lang> with it; if that language's catalogue cannot be
// fetched, the page starts in English.
const language = initialLanguage();
loadLanguage(language)
  .then(
    () => language,
    (): Language => 'en',
  )
  .then((shown) => {
    document.documentElement.lang = shown;
    createRoot(document.getElementById('root')!).render(<App />);
  });
