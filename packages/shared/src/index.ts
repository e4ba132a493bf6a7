export * from './money';
export * from './format';
export * from './schemas/common';
export * from './http';
export * from './schemas/auth';
export * from './risk';
export * from './schemas/contact';
export * from './schemas/plans';
