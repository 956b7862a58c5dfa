import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The store's state and dispatch types, filled in by app/store.ts (it merges its own into this interface).
 * The store is composed of the features' slices, so its types belong to the app layer; declaring them here
 * lets a feature use typed hooks from lib without importing the layer above it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface StoreTypes {}

type Registered<Key extends string, Fallback> = StoreTypes extends Record<Key, infer T> ? T : Fallback;

export type AppState = Registered<'state', unknown>;
export type AppDispatch = Registered<'dispatch', ThunkDispatch<unknown, unknown, UnknownAction>>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();
