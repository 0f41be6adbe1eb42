import { createProgram } from './index';

await createProgram().parseAsync(process.argv);
