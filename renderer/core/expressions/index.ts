export { evaluate, FORBIDDEN_KEYS, type Evaluation } from './evaluate';
export { resolveTemplate, resolveWithWarnings } from './template';
export { createHelpers, type HelperEnv, type Helper } from './helpers';
export { thousands } from './format';
export { addTrees, hasParser, treeOf, type ExpressionTree, type ExpressionTrees } from './known-trees';
