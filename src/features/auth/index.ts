export { SignInForm } from './sign-in-form';
export { normaliseServiceUrl } from './normalise-service-url';
