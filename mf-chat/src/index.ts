// Standalone development entry: the async boundary before shared modules are used.
import('./bootstrap');
