import { createRoot } from 'react-dom/client';
import '../shared/base.css';
import './setup.css';
import { SetupApp } from './SetupApp.js';
import { initialSetupState, setupTokenFromPath } from './setup-state.js';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(<SetupApp token={setupTokenFromPath(window.location.pathname)} initialState={initialSetupState(document)} />);
