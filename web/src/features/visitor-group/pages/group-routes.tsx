import { lazyPage } from '../../../components/lazy-page';

// Each page is its own lazy chunk (DESIGN §7); its locale namespaces load alongside it.
const NAMESPACES = ['visitor-group', 'application'];

/** /wo/audience/groups */
export const GroupListRoute = lazyPage(() => import('./group-list-page').then((module) => module.GroupListPage), NAMESPACES);

/** /wa/group: the agent's groups. */
export const AgentGroupsRoute = lazyPage(() => import('./agent-groups-page').then((module) => module.AgentGroupsPage), NAMESPACES);

/** /wa/group/join: a member's invitation. */
export const GroupJoinRoute = lazyPage(() => import('./group-join-page').then((module) => module.GroupJoinPage), NAMESPACES);
