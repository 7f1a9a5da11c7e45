import { createRoot } from 'react-dom/client';
import '../shared/base.css';
import './console.css';
import { ConsoleApp } from './ConsoleApp.js';

const root = document.getElementById('root');
if (root) createRoot(root).render(<ConsoleApp />);
