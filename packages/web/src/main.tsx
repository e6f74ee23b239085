// Entry of the web client: mounts the app into #root.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>miniapps</p>);
