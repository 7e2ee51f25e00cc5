// `pnpm bench`: every benchmark prints its figures; none of them asserts a time.
import { benchTasks } from './tasks';

await benchTasks();
