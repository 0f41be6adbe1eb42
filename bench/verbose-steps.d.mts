export function stepsOf(output: string): Array<[string, number]>;
