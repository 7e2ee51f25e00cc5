export { TagsPage } from './TagsPage';
