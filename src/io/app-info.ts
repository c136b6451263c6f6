import { version } from '../../package.json';
import type { ExportAppInfo } from './format-v1';

export const APP_INFO: ExportAppInfo = { name: 'toolscope', version };
