/** The profile module's face (a user's own profile and avatar): what other modules and the app's wiring use. */
export { avatarFileRoute, profileRoutes } from './profile.routes';
export { orphanAvatarSweepJob } from './profile.service';
