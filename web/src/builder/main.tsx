import { createRoot } from 'react-dom/client';
import '../shared/base.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<p>Builder</p>);
