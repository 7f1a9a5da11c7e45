import { createRoot } from 'react-dom/client';
import '../shared/base.css';
import '../setup/setup.css';
import './public-link.css';
import { PublicLinkApp } from './PublicLinkApp.js';
import { slugFromPath } from './public-link-api.js';

const root = document.getElementById('root');
if (root) createRoot(root).render(<PublicLinkApp slug={slugFromPath(window.location.pathname)} />);
