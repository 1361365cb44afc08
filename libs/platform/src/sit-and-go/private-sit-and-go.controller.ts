// HTTP side of private Sit & Gos (issue 23.4): the routes of tournaments/private-events.controller.ts
// under /private-events/sng. Unregistration is the public route (POST /sit-and-go/instances/:id/unregister).
import { privateEventsController } from '../tournaments/private-events.controller';
import { PrivateSitAndGos } from './private-sit-and-go';

export const PrivateSitAndGoController = privateEventsController('sng', PrivateSitAndGos);
