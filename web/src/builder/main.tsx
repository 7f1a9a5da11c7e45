import { createRoot } from 'react-dom/client';
import '../shared/base.css';
import './builder.css';
import { BuilderApp } from './BuilderApp.js';
import { postHeightToParent } from '../shared/post-height-to-parent.js';

// The server serves this page at /embed/template/{token} and /embed/compose/{token}.
const urlToken = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');

const root = document.getElementById('root');
if (root) createRoot(root).render(<BuilderApp urlToken={urlToken} />);
postHeightToParent();
