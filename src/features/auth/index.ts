export { SignInForm } from './sign-in-form';
