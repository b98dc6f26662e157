// React alone, for the "React itself" part of every number (the peers' baseline row).
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<button type="button">Sign in</button>);
