import { version } from '../../package.json';
import type { ExportAppInfo } from './session-file/format-v1';

export const APP_INFO: ExportAppInfo = { name: 'toolscope', version };
