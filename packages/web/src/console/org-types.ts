// Shapes of the organization and membership answers, until their routes join @miniapps/contract (their rewrite is under way).

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
  role?: 'owner' | 'member';
}

export interface Member {
  userId: string;
  email: string;
  fullName: string | null;
  role: 'owner' | 'member';
  createdAt: string;
}
