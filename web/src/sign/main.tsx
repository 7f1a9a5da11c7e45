import { createRoot } from 'react-dom/client';
import '../shared/base.css';
import './script-font.css';
import './sign.css';
import { parseSigningLocation } from './signing-location.js';
import { SigningApp } from './SigningApp.js';
import { postHeightToParent } from '../shared/post-height-to-parent.js';

// No StrictMode: its doubled effects would spend a one-time embedded signing URL on the first, discarded open.
const root = document.getElementById('root');
if (root) createRoot(root).render(<SigningApp where={parseSigningLocation(window.location.pathname, window.location.search)} />);
postHeightToParent();
