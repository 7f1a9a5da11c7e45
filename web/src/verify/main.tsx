import { createRoot } from 'react-dom/client';
import '../shared/base.css';
import './verify.css';
import { envelopeIdFromPath } from './verify-api.js';
import { VerifyApp } from './VerifyApp.js';

const root = document.getElementById('root');
if (root) createRoot(root).render(<VerifyApp envelopeId={envelopeIdFromPath(window.location.pathname)} />);
