import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Routes for signed-in users only: no live session is a 401 (the screens treat it as signed out). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest & { userId?: string }>();
    if (!request.userId) throw new UnauthorizedException({ message: 'Not authenticated' });
    return true;
  }
}
