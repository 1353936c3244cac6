/** This test file's DynamoDB Local: its worker's, chosen by tests/support/setup-env.ts before any test code runs. */
export const dynamoEndpoint = (): string => process.env.DYNAMODB_ENDPOINT!;
