// STUB — replaced by the grid work.
export {}
