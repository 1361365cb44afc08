// HTTP side of private scheduled tournaments (issue 23.4): the routes of private-events.controller.ts
// under /private-events/mtt. Unregistration is the public route (POST /tournaments/:id/unregister).
import { privateEventsController } from './private-events.controller';
import { PrivateTournaments } from './private-tournaments';

export const PrivateTournamentsController = privateEventsController('mtt', PrivateTournaments);
