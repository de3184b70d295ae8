// Form building blocks: useZodForm(schema, initial) + <Form> + bound inputs; the unsaved-changes guard.
export { useZodForm, issueToError, type ZodForm, type BoundField, type FieldErr, type Errors } from './useZodForm'
export { Field, TextInput, NumberInput, DateInput, Select, FormError, errorText, type SelectOption } from './fields'
export { Form, type FormProps } from './Form'
export { useUnsavedChangesPrompt, confirmLeave, hasUnsavedChanges } from './unsaved'
