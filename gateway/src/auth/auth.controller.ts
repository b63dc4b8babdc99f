import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { z } from 'zod';
import { IDENTITY, type Identity } from '../services/service-clients.module';
import { parseBody } from '../http/parse-body';
import { toUserResponse } from './user-response';

const text = (field: string) => z.string({ error: `${field} must be text` }).max(10_000, `${field} is too long`);

const registerBody = z.object(
  {
    username: text('Email'),
    password: text('Password'),
    firstName: text('First name'),
    lastName: text('Last name'),
  },
  { error: 'Send the account details as a JSON object' },
);

/** Accounts. Sessions, login and the rest arrive with the accounts capability. */
@Controller('api')
export class AuthController {
  constructor(@Inject(IDENTITY) private readonly identity: Identity) {}

  @Post('register')
  @HttpCode(201)
  async register(@Body() body: unknown) {
    const user = await this.identity.register(parseBody(registerBody, body));
    return toUserResponse(user);
  }
}
